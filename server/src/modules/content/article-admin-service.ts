import type { AdminArticle, adminArticleInputSchema } from '@paddock/contracts/api/admin-content';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { type AuditedItem, deleteAudited, saveAudited } from '../../admin/audited-change.ts';
import { deleteOrgRow, findOrgRow, listOrgRows, saveOrgRow } from '../../db/org-rows.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/events/after-commit.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { isUniqueViolation } from '../../platform/sql-errors.ts';
import { assertMediaOfContent, isoOrNow } from './content-admin-common.ts';
import { sanitiseArticleHtml } from './content-service.ts';
import type { ArticlesTable } from './content-tables.ts';

type ArticleInput = z.output<typeof adminArticleInputSchema>;

const presentArticle = (a: Selectable<ArticlesTable>): AdminArticle => ({
  id: a.id,
  slug: a.slug,
  title: a.title,
  summary: a.summary,
  bodyHtml: a.bodyHtml,
  coverMediaId: a.coverMediaId,
  value: a.value,
  publishedAt: isoOrNow(a.publishedAt),
  createdAt: isoOrNow(a.createdAt),
});

const article: AuditedItem<AdminArticle> = {
  type: 'article',
  async view(call, id) {
    const row = await findOrgRow(call.db, 'articles', call.org.id, id, { forUpdate: true });
    if (!row) throw notFound('Article');
    return presentArticle(row);
  },
};

export async function listAdminArticles(call: OrgCall) {
  const rows = await listOrgRows(call.db, 'articles', call.org.id, 'publishedAt');
  return rows.map(presentArticle);
}

/** Article HTML is sanitised here, on every write, with the same rules as the content module. */
export async function saveArticle(call: OperatorCall, id: string | null, input: ArticleInput) {
  try {
    return await saveAudited(call, article, id, async ({ db, org, now }, id) => {
      await assertMediaOfContent(db, org.id, [input.coverMediaId]);
      const values = {
        ...input,
        bodyHtml: sanitiseArticleHtml(input.bodyHtml),
        publishedAt: new Date(input.publishedAt),
      };
      const savedId = await saveOrgRow(db, 'articles', org.id, id, values);
      if (!id && values.publishedAt <= now) {
        // A new article fans can read now: the live channel tells open dashboards (decision 012).
        publishAfterCommit(db, {
          organizationId: org.id,
          topic: 'live',
          event: 'content_published',
          payload: { kind: 'article', articleId: savedId },
        });
      }
      return savedId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('duplicate_slug', `An article "${input.slug}" exists`);
    throw error;
  }
}

/** Deleting an article keeps the points fans earned reading it (they are ledger rows). */
export function deleteArticle(call: OperatorCall, id: string) {
  return deleteAudited(call, article, id, async ({ db, org }) => {
    await deleteOrgRow(db, 'articles', org.id, id);
  });
}
