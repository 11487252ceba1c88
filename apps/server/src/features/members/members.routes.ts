import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES, api } from '@club/contract';
import { assertOwnClub } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sendCsvFile } from '../../lib/csv-reply.ts';
import { route } from '../../lib/endpoint-route.ts';
import { HttpError, badRequest } from '../../lib/http-error.ts';
import { uploadError, uploadedFile } from '../../lib/uploads.ts';
import { createInvitationService } from '../auth/index.ts';
import { createMemberImport } from './members.import.ts';
import type { ImportFollowUp } from './members.import-jobs.ts';
import type { DeletionPurge } from './members.deletion.ts';
import { createMembersService } from './members.service.ts';

const endpoints = api.members;

/**
 * What an upload may be: a CSV by its type or its name. Browsers and systems name CSV files
 * differently (Windows: application/vnd.ms-excel; some: application/octet-stream); the content
 * itself is checked when it is read (members.csv.ts).
 */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'text/x-csv',
  'text/comma-separated-values',
  'application/csv',
  'application/vnd.ms-excel',
]);
const CSV_NAME = /\.(csv|txt|tsv)$/i;
const SPREADSHEET_NAME = /\.(xlsx|xlsm|xls|ods|numbers)$/i;

/** Members calls of spec §7 (declared in packages/contract/src/api/members.ts), signed in. */
const membersRoutes =
  (importFollowUp: ImportFollowUp, deletionPurge: DeletionPurge): FastifyPluginAsync =>
  async (app) => {
    // Multipart bodies only for the import: one file (field « fichier »), nothing else, ≤ 2 MiB.
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: MEMBER_IMPORT_LIMITS.maxBytes,
        files: 1,
        fields: 0,
        parts: 1,
        headerPairs: 20,
      },
    });
    const invitations = (db: DbOrTx) =>
      createInvitationService({
        db,
        config: app.config,
        mailer: app.mailer,
        log: app.log,
        passwords: app.passwords,
      });
    /** The service of one request, on its club-scoped transaction. */
    const members = (request: FastifyRequest) =>
      createMembersService({
        db: request.db,
        clock: app.clock,
        queueDeletionPurge: (tx, deletionId) => deletionPurge.queue(tx, deletionId),
        notifier: app.matchNotifier,
        // A mail failure leaves the member created (a leader can resend): reported as false, not thrown.
        invite: (member) =>
          invitations(request.db)
            .send(member)
            .then(
              () => true,
              () => false,
            ),
      });

    const imports = (request: FastifyRequest) =>
      createMemberImport({
        db: request.db,
        queueFollowUp: (tx, clubId, work) => importFollowUp.queue(tx, clubId, work),
      });

    // Kept per member until the club data changes (plugins/response-cache.ts).
    route(
      app,
      endpoints.listClub,
      async (request) =>
        members(request).listClub(request.actor, request.params.clubId, request.query),
      { config: { responseCache: true } },
    );
    route(app, endpoints.searchClub, async (request) =>
      members(request).searchClub(request.actor, request.params.clubId, request.query),
    );
    route(app, endpoints.searchTeam, async (request) =>
      members(request).searchTeam(request.actor, request.query),
    );
    // The team's members: the page every coach, player and parent opens; kept per member like the
    // club's list (what a member may see of each teammate is part of the per-member answer).
    route(
      app,
      endpoints.listTeam,
      async (request) =>
        members(request).listTeam(
          request.actor,
          request.params.clubId,
          request.params.nomEquipe,
          request.query,
        ),
      { config: { responseCache: true } },
    );
    route(app, endpoints.get, async (request) =>
      members(request).get(request.actor, request.params.id),
    );
    route(app, endpoints.create, async (request) =>
      members(request).create(request.actor, request.body),
    );
    route(app, endpoints.update, async (request) =>
      members(request).update(request.actor, request.params.id, request.body),
    );
    route(app, endpoints.remove, async (request) =>
      members(request).remove(request.actor, request.params.id),
    );
    route(app, endpoints.restore, async (request) =>
      members(request).restore(request.actor, request.params.id),
    );
    route(app, endpoints.resendInvitation, async (request) =>
      members(request).resendInvitation(request.actor, request.params.id),
    );
    route(app, endpoints.assignTeam, async (request) =>
      members(request).assignTeam(request.actor, request.params.id, request.body.ajouter),
    );

    route(app, endpoints.export, async (request, reply) => {
      const file = await imports(request).export(
        request.actor,
        request.params.clubId,
        request.query,
      );
      return sendCsvFile(reply, file);
    });

    route(app, endpoints.import, async (request, reply) => {
      // Refused callers never get their upload read: the route applied `import` already
      // (docs/decisions/0142-the-route-applies-the-declared-permission.md), here the club.
      assertOwnClub(request.actor, request.params.clubId);
      let bytes: Buffer;
      try {
        const part = await uploadedFile(request);
        if (!part || part.fieldname !== 'fichier')
          throw badRequest(MEMBER_IMPORT_MESSAGES.fileMissing, {
            fichier: MEMBER_IMPORT_MESSAGES.fileMissing,
          });
        if (SPREADSHEET_NAME.test(part.filename))
          throw new HttpError(415, MEMBER_IMPORT_MESSAGES.spreadsheet);
        if (!CSV_TYPES.has(part.mimetype.toLowerCase()) && !CSV_NAME.test(part.filename))
          throw new HttpError(415, MEMBER_IMPORT_MESSAGES.fileType);
        bytes = await part.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, MEMBER_IMPORT_MESSAGES.tooLarge);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw badRequest(MEMBER_IMPORT_MESSAGES.fileMissing, {
            fichier: MEMBER_IMPORT_MESSAGES.fileMissing,
          });
        throw uploadError(err, request);
      }
      const { status, report } = await imports(request).run(
        request.actor,
        request.params.clubId,
        bytes,
        request.query.simulation,
      );
      reply.status(status);
      return report;
    });
  };
export default membersRoutes;
