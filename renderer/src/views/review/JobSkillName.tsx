// A skill of a Review all job by the name its catalog row shows: its path
// prefix before the name ("acme/billing/refunds", not "refunds", which two
// skills of the demo server share), and, when the job reads several servers,
// the server's label before it. The words are the server's: drawn with their
// invisible and bidi characters as marks.
import type { ReviewJob, ReviewJobSkill } from '../../../../shared/review-job.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useCatalog } from '../../state/catalog.js';
import { skillKey } from '../../state/keys.js';
import { serverById, useServers } from '../../state/servers.js';

/** The words the card uses for a skill of `job`: "[label › ][prefix/]name". */
export function useJobSkillWords(job: ReviewJob, skill: ReviewJobSkill): string {
  const prefix = useCatalog((s) => s.skills.get(skillKey(skill.serverId, skill.skillUri))?.pathPrefix ?? '');
  const label = useServers((s) => (job.serverIds.length > 1 ? serverById(s.servers, skill.serverId)?.config.label : undefined));
  return `${label ? `${label} › ` : ''}${prefix ? `${prefix}/` : ''}${skill.name}`;
}

export function JobSkillName({ job, skill }: { job: ReviewJob; skill: ReviewJobSkill }) {
  return <InvisibleText text={useJobSkillWords(job, skill)} identifier />;
}
