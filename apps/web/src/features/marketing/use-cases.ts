/** The five use cases of spec §1, in the order the home page shows their cards (spec §2). */
export const useCases = [
  { slug: 'lockscreen', key: 'lockscreen' },
  { slug: 'child-safety', key: 'childSafety' },
  { slug: 'vehicle-contact', key: 'vehicleContact' },
  { slug: 'medical-emergency', key: 'medicalEmergency' },
  { slug: 'lost-luggage', key: 'lostLuggage' },
] as const;

export type UseCase = (typeof useCases)[number];
export type UseCaseSlug = UseCase['slug'];

export const findUseCase = (slug: string | undefined): UseCase | undefined =>
  useCases.find((useCase) => useCase.slug === slug);

/** The fixed id of the child-safety demo the home page's QR points to. */
export const DEMO_ID = 'child-demo';
