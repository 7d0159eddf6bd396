import {
  markNotificationsReadBody,
  notificationListSchema,
  notificationSettingsSchema,
  notificationsQuery,
  unreadCountSchema,
  unsubscribeParams,
  updateNotificationSettingsBody,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { renderUnsubscribePage } from './notifications.mail';
import {
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  unreadNotificationCount,
  unsubscribe,
  updateNotificationSettings,
} from './notifications.service';

/** The notification centre and e-mail settings (DESIGN §10). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const auth = { config: { auth: 'user' as const } };

  app.get(
    '/notifications',
    {
      ...auth,
      schema: {
        tags,
        summary: 'My notifications, newest first; `before` pages on from an id',
        querystring: notificationsQuery,
        response: { 200: notificationListSchema },
      },
    },
    async (req) => listNotifications(app.ctx, currentUser(req).id, req.query),
  );

  app.get(
    '/notifications/unread-count',
    { ...auth, schema: { tags, summary: 'How many are unread', response: { 200: unreadCountSchema } } },
    async (req) => unreadNotificationCount(app.ctx, currentUser(req).id),
  );

  app.post(
    '/notifications/read',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mark the listed notifications read, or all of them when `ids` is absent',
        body: markNotificationsReadBody,
        response: { 200: unreadCountSchema },
      },
    },
    async (req) => markNotificationsRead(app.ctx, currentUser(req).id, req.body?.ids),
  );

  app.get(
    '/user/notification-settings',
    {
      ...auth,
      schema: { tags, summary: 'My e-mail settings', response: { 200: notificationSettingsSchema } },
    },
    async (req) => getNotificationSettings(app.ctx, currentUser(req).id),
  );

  app.post(
    '/user/notification-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Change my e-mail settings (categories left out keep their value)',
        body: updateNotificationSettingsBody,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (req) => updateNotificationSettings(app.ctx, currentUser(req).id, req.body.email),
  );

  // The link in every notification mail: no session, one category, once. POST is RFC 8058's
  // one-click form (List-Unsubscribe-Post), which mail clients send without opening a page.
  const unsubscribeSchema = {
    tags,
    summary: 'Turn off the e-mail category of this link (no sign-in; works once)',
    params: unsubscribeParams,
    response: { 200: z.string().describe('An HTML page'), 410: z.string().describe('An HTML page') },
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/notifications/unsubscribe/:token',
      schema: unsubscribeSchema,
      config: { auth: 'none' },
      handler: async (req, reply) => {
        const result = await unsubscribe(app.ctx, req.params.token);
        const html = renderUnsubscribePage({
          ...result,
          settingsUrl: `${app.ctx.config.appUrl}/account#notifications`,
        });
        return reply
          .code(result.ok ? 200 : 410)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    });
  }
};
