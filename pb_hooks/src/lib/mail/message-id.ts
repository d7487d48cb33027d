/**
 * The Message-ID of an e-mail, made from its outbox key (docs/decisions/021: delivery is at
 * least once). A copy resent after a crash carries the same Message-ID, so the customer's mail
 * client shows it as the message it already has rather than a second one. Pure: the server
 * tests derive the expected header with the same function.
 */

/**
 * `<local@domain>` for outbox key `key` (`kind:recordId:version`) and sender address
 * `senderAddress`: the key with every character outside [A-Za-z0-9_-] written as `=XX` (its
 * UTF-16 code in hex, two or four digits), so two keys never share an id and the result is a
 * dot-atom (RFC 5322 §3.6.4); the domain is the sender's, else `localhost`.
 */
export function messageIdFor(key: string, senderAddress: string): string {
  const local = key.replace(/[^A-Za-z0-9_-]/g, (c) => {
    const code = c.charCodeAt(0).toString(16).toUpperCase();
    return `=${code.length <= 2 ? code.padStart(2, '0') : `u${code.padStart(4, '0')}`}`;
  });
  const at = senderAddress.lastIndexOf('@');
  const domain = (at >= 0 ? senderAddress.slice(at + 1) : '').toLowerCase().replace(/[^a-z0-9.-]/g, '') || 'localhost';
  return `<${local}@${domain}>`;
}

/** PocketBase's default sender name, which no operator chose: it stands for "no name set". */
const POCKETBASE_DEFAULT_SENDER_NAME = 'Support';

/**
 * The display name of every e-mail's From: the name MAIL_FROM (or the dashboard) gave, else
 * `businessName` when none was set or PocketBase's default 'Support' is left.
 */
export function senderName(configured: string, businessName: string): string {
  const name = configured.trim();
  return name && name !== POCKETBASE_DEFAULT_SENDER_NAME ? name : businessName;
}
