/** The task queries' keys; a project's task list lives under the project (`['projects', id]`). */
export const taskKeys = {
  one: (taskId: string) => ['tasks', taskId] as const,
  byIdentifier: ['tasks', 'identifier'] as const,
  identifier: (identifier: string) => ['tasks', 'identifier', identifier.toUpperCase()] as const,
  review: (taskId: string) => ['tasks', taskId, 'review'] as const,
  projectTasks: (projectId: string) => ['projects', projectId, 'tasks'] as const,
};
