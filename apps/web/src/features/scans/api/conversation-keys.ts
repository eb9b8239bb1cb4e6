/** Query keys of the owner's conversations with finders; live events invalidate by `all`. */
export const conversationKeys = {
  all: ['conversations'] as const,
  ofQr: (qrId: string) => [...conversationKeys.all, qrId] as const,
};
