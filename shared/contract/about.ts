import { z } from 'zod';

/**
 * The service's `GET /about` answer (spec: "About"), on its own: the store's worker keeps the last one
 * and checks it when read back, and loads this module alone rather than every bridge operation's schema
 * (shared/bridge/bridge.ts re-exports it for the host and the page).
 */
export const AboutSchema = z.object({
  version: z.string(),
  provenance: z
    .object({
      source: z.enum(['synthetic', 'hockey-databank']),
      /** The attribution statement the data's terms require to be shown, in full. */
      attribution: z.string().optional(),
      description: z.string().optional(),
    })
    .loose(),
});
export type About = z.infer<typeof AboutSchema>;

/**
 * The attribution statement an `/about` answer requires of Hockey Databank data, which every file made of
 * that data carries in full (an XLSX's About sheet, a player's PDF file); undefined for other data or no
 * answer.
 */
export function databankAttribution(about: About | null | undefined): string | undefined {
  const p = about?.provenance;
  return p?.source === 'hockey-databank' && p.attribution ? p.attribution : undefined;
}
