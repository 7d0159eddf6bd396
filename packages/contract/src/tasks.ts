import { z } from 'zod';
import { isoDate } from './common';

/** Shared shapes of the tasks domain (spec §3, DESIGN §4 stages). */
export const TASK_STAGES = ['Unassigned', 'ToDo', 'In Progress', 'Review', 'Complete'] as const;
export const taskStageSchema = z.enum(TASK_STAGES);
export type TaskStage = z.infer<typeof taskStageSchema>;
/** The board's columns; Unassigned tasks show in ToDo. */
export const BOARD_COLUMNS = ['ToDo', 'In Progress', 'Review', 'Complete'] as const;
export const TASK_DUE_DEFAULT_HOUR = 18;

export const taskPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string().nullable(),
  imageURL: z.string().nullable(),
  username: z.string().nullable(),
});

export const taskFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: isoDate,
  size: z.number().int(),
  mime: z.string(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

export const activitySchema = z.object({
  id: z.string(),
  taskID: z.string(),
  userID: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: isoDate,
});
export type Activity = z.infer<typeof activitySchema>;

/** A task as the board and the list show it. */
export const taskSummarySchema = z.object({
  id: z.string(),
  identifier: z.string(),
  projectID: z.string(),
  summary: z.string(),
  assigneeID: z.string().nullable(),
  price: z.string().nullable(),
  dueDate: isoDate.nullable(),
  stage: taskStageSchema,
  position: z.string(),
  Assignee: taskPersonSchema.nullable(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** GET /tasks/{id} and /tasks/identifier/{identifier}. */
export const taskSchema = taskSummarySchema.extend({
  description: z.string(),
  /** The project's name. */
  name: z.string(),
  projectHandle: z.string(),
  Reporter: taskPersonSchema,
  Files: z.array(taskFileSchema),
  Activities: z.array(activitySchema),
  createdAt: isoDate,
});
export type Task = z.infer<typeof taskSchema>;
