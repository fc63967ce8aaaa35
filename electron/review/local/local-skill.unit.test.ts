import { runFindingCases } from '../../skills/finding-cases.unit.js';
import { LOCAL_CASES } from './finding-cases-local.unit.js';

runFindingCases(LOCAL_CASES);
