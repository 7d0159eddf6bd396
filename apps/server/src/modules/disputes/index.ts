/**
 * The public face of the disputes module (DESIGN §8: open, list, detail, resolve). Its routes are
 * mounted by the composition root; no other module calls it yet.
 */
export { getDispute, listDisputes, openDispute, resolveDispute } from './disputes.service';
