/**
 * Whether a request carries Global Privacy Control (`Sec-GPC: 1`, https://privacycg.github.io/gpc-spec/),
 * which the CCPA's regulations (11 CCR §7025) make an opt-out of sale and sharing: its pages get no
 * marketing tag (docs/decisions/0049).
 */
export const sendsGpc = (req: { headers: Record<string, string | string[] | undefined> }): boolean =>
  String(req.headers['sec-gpc'] ?? '').trim() === '1';
