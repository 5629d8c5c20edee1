import type { FastifyReply } from 'fastify';
import { ADMIN_QUEUE_PAGE_SIZE, type AdminQueuePage } from '../../../shared/admin.js';
import { sendKept, serializedBy, type KeptAnswers, type ReadStamp } from '../../lib/kept-answers.js';

/**
 * A queue's page for the console. The first page of the usual size, what the console loads and reloads, is
 * answered as kept text while the stamp of its rows holds (lib/kept-answers.ts,
 * [decision 049](../../../../docs/decisions/049-first-pages-kept-by-stamp.md)); it is the same for every
 * admin, so it is kept once, under the queue's name. Any other page is read as it is asked for.
 */
export async function queuePage<Page>(
  reply: FastifyReply,
  kept: KeptAnswers,
  queue: { name: string; readStamp: ReadStamp; read: (page: AdminQueuePage) => Promise<Page> },
  page: AdminQueuePage,
): Promise<Page | FastifyReply> {
  if (page.after !== undefined || page.limit !== ADMIN_QUEUE_PAGE_SIZE) return queue.read(page);
  const answer = await kept.answer(queue.name, Date.now(), queue.readStamp, async () => ({
    body: serializedBy(reply)(await queue.read(page)),
  }));
  return sendKept(reply, answer);
}
