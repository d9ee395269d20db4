export { staleWorklistAssignments } from './worklist/assignee-queries.ts';
