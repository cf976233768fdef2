import type { FieldsDef, ItemOp } from '../../query/types.ts';
import { get, loaderOf } from '../records/caches/loader.ts';
import { requirePlayer } from './player-entity.ts';

/**
 * `fields` of Player records (spec, "Player"; the operation is not shown, so every field is allowed), plus the
 * extension `dateOfDeath` (service/README.md).
 */
export const PLAYER_FIELDS: FieldsDef = {
  allowed: [
    'id',
    'firstName',
    'lastName',
    'name',
    'alternativeFirstName',
    'alternativeLastName',
    'alternativeName',
    'initialOfFirstName',
    'initialOfLastName',
    'gender',
    'status',
    'playerType',
    'position',
    'detailedPosition',
    'shoots',
    'catches',
    'yearOfBirth',
    'age',
    'dateOfBirth',
    'dateOfDeath',
    'placeOfBirth',
    'youthTeam',
    'nationality',
    'secondaryNationality',
    'weight',
    'height',
    'contract',
    'capHit',
    'gameStatus',
    'gameStatusInfo',
    'views',
    'imageUrl',
    'imageCopyright',
    'photo',
    'pronunciationUrl',
    'verified',
    'contactable',
    'verifiedStyle',
    'staff',
    'agencies',
    'draftSelection',
    'profileDescriptionAsHTML',
    'biographyAsHTML',
    'scoutingReportUrl',
    'scoutingReportThumbnailUrl',
    'playerStyles',
    'links',
    'serviceUrlPath',
    'slug',
    'updatedAt',
    '_links',
  ],
  objects: ['nationality', 'secondaryNationality', 'weight', 'height', 'photo', 'staff', 'draftSelection', 'links'],
};

/**
 * `GET /players/{id}` (not shown in the spec): one Player as `{_meta, data}`, with every
 * Player field (`fields` with `obj.*` and `*`; default all). 404 for an unknown id; 403 for a player
 * outside the key's leagues and seasons (service/ops/player/player-entity.ts).
 */
export const player: ItemOp = {
  kind: 'item',
  path: '/players/{id}',
  category: 'player',
  summary: 'One player',
  pathParams: { id: 'id' },
  fields: PLAYER_FIELDS,
  load: (ctx) => {
    const row = requirePlayer(ctx);
    return get(loaderOf(ctx).players([row.id]), row.id) ?? {};
  },
};
