import { z } from 'zod';

/**
 * The protocol between the host and the local service's process (DESIGN.md, "Where the next capabilities
 * live": the embedded service runs in its own process), declared once for both sides: service/child.ts
 * sends {@link ChildMessage}s and reads {@link ParentMessage}s; electron/host/embedded/embedded-service.ts does
 * the reverse. Each side checks what it receives with these schemas (a message of another shape is
 * ignored).
 */

/**
 * Child → host: `ready` once the service listens on 127.0.0.1 (its base URL, ending in `/v1`, its
 * built-in demo key, or null with a keys file, and `databaseId`, which database it serves: the same
 * file always answers the same, another file another), or `error` (a plain sentence) before it exits 1;
 * with `--log`, one redacted `log` line per request.
 */
export const ChildMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    baseUrl: z.string(),
    demoKey: z.string().nullable(),
    databaseId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('log'), line: z.string() }),
]);
export type ChildMessage = z.infer<typeof ChildMessageSchema>;

/** Host → child: `stop` closes the service and exits 0. */
export const ParentMessageSchema = z.object({ type: z.literal('stop') });
export type ParentMessage = z.infer<typeof ParentMessageSchema>;
