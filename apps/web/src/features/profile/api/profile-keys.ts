/** Query keys of the profile feature: mutations invalidate by the ['profile'] prefix. */
export const profileKeys = {
  all: ['profile'] as const,
  own: () => ['profile', 'own'] as const,
  public: (publicId: string) => ['profile', 'public', publicId] as const,
};
