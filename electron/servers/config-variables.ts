// `${…}` variables in imported server definitions. VS Code and Cursor fill
// them in when they start a server; Skill Inspector fills in only the ones that
// name a place it knows (the home folder, the project folder) and flags the
// rest, so nobody connects with a literal "${input:token}" by surprise.
import path from 'node:path';

export interface VariableContext {
  /** The user's home folder, for `${userHome}`. */
  readonly home?: string;
  /** The project folder of a `.vscode/mcp.json` or `.cursor/mcp.json`, for `${workspaceFolder}`. */
  readonly workspaceFolder?: string;
  /** VS Code's `inputs`: id → the prompt it shows. */
  readonly inputs: ReadonlyMap<string, string | undefined>;
}

export interface Resolved {
  readonly value: string;
  readonly warnings: string[];
}

// No brace inside the name: with [^}]* a "${" with no "}" after it scanned to the
// end of the text, from every "${" — quadratic (a 400 KB "${${${…" took 96 s).
const VARIABLE = /\$\{([^{}]*)\}/g;
/** Variables described per field; the rest are counted in one line (a field can hold thousands). */
const DESCRIBED_PER_FIELD = 10;

/** Fills in the path variables of `value` and describes each one it cannot fill in; `field` names where it sits. */
export function resolveVariables(value: string, field: string, context: VariableContext): Resolved {
  const unfilled = new Set<string>();
  const resolved = value.replace(VARIABLE, (whole, name: string) => {
    const known = pathVariable(name.trim(), context);
    if (known !== undefined) return known;
    unfilled.add(whole);
    return whole;
  });
  const described = [...unfilled].slice(0, DESCRIBED_PER_FIELD);
  const warnings = described.map((whole) => describeVariable(whole, whole.slice(2, -1).trim(), field, context));
  const more = unfilled.size - described.length;
  if (more > 0) warnings.push(`${field} uses ${more} more variables like these; edit the server after import.`);
  return { value: resolved, warnings };
}

function pathVariable(name: string, context: VariableContext): string | undefined {
  switch (name) {
    case 'userHome':
      return context.home;
    case 'workspaceFolder':
      return context.workspaceFolder;
    case 'workspaceFolderBasename':
      return context.workspaceFolder === undefined ? undefined : path.basename(context.workspaceFolder);
    case 'pathSeparator':
    case '/':
      return path.sep;
    default:
      return undefined;
  }
}

function describeVariable(whole: string, name: string, field: string, context: VariableContext): string {
  if (name.startsWith('input:')) {
    const id = name.slice('input:'.length);
    const prompt = context.inputs.get(id);
    return `${field} uses ${whole}, a value VS Code asks for when it starts the server${prompt ? ` ("${prompt}")` : ''}; Skill Inspector cannot ask for it, so edit the server after import and enter the value.`;
  }
  if (name.startsWith('env:')) {
    return `${field} uses ${whole}, which the editor fills in from its environment variable ${name.slice('env:'.length)}; Skill Inspector keeps the text as it is, so edit the server after import and enter the value.`;
  }
  if (name === 'workspaceFolder' || name === 'workspaceFolderBasename') {
    return `${field} uses ${whole}, which is known only for a project's own config file; edit the server after import and enter the folder.`;
  }
  return `${field} uses ${whole}, a variable Skill Inspector does not fill in; edit the server after import.`;
}
