import {
  idParams,
  messageSchema,
  messagesQuery,
  okSchema,
  postThreadMessageBody,
  sendMessageBody,
  threadSchema,
  unreadCountSchema,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import * as messages from './messages.service';

/** Threads and messages (spec §7): only the two participants read or post in a thread. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messages'];

  app.get(
    '/threads',
    {
      schema: {
        tags,
        summary: "The signed-in user's conversations, newest first",
        response: { 200: z.array(threadSchema) },
      },
      config: { auth: 'user' },
    },
    async (req) => messages.listThreads(app.ctx, currentUser(req).id),
  );

  app.get(
    '/threads/unread',
    {
      schema: { tags, summary: 'How many conversations have unread messages', response: { 200: unreadCountSchema } },
      config: { auth: 'user' },
    },
    async (req) => ({ count: await messages.unreadCount(app.ctx, currentUser(req).id) }),
  );

  app.get(
    '/threads/:id',
    {
      schema: { tags, summary: 'One conversation', params: idParams, response: { 200: threadSchema } },
      config: { auth: 'user' },
    },
    async (req) => messages.getThread(app.ctx, currentUser(req).id, req.params.id),
  );

  app.get(
    '/threads/:id/messages',
    {
      schema: {
        tags,
        summary: 'A page of messages, oldest first; `before` pages back to older ones',
        params: idParams,
        querystring: messagesQuery,
        response: { 200: z.array(messageSchema) },
      },
      config: { auth: 'user' },
    },
    async (req) => messages.listMessages(app.ctx, currentUser(req).id, req.params.id, req.query),
  );

  app.post(
    '/threads/:id/messages',
    {
      schema: {
        tags,
        summary: 'Post a message in a conversation',
        params: idParams,
        body: postThreadMessageBody,
        response: { 200: messageSchema },
      },
      config: { auth: 'verified' },
    },
    async (req) => messages.postToThread(app.ctx, currentUser(req).id, req.params.id, req.body.text),
  );

  app.post(
    '/threads/:id/read',
    {
      schema: { tags, summary: 'Mark a conversation read', params: idParams, response: { 200: okSchema } },
      config: { auth: 'user' },
    },
    async (req) => {
      await messages.markRead(app.ctx, currentUser(req).id, req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/messages',
    {
      schema: {
        tags,
        summary: 'Send a message to a user; the first one creates the conversation',
        body: sendMessageBody,
        response: { 200: messageSchema },
      },
      config: { auth: 'verified' },
    },
    async (req) => messages.sendMessage(app.ctx, currentUser(req).id, req.body),
  );
};
