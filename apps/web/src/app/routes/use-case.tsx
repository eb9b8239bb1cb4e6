import { useParams } from 'react-router';
import { UseCasePage } from '../../features/marketing/components/use-case-page.tsx';
import { findUseCase } from '../../features/marketing/use-cases.ts';
import { Component as NotFound } from './not-found.tsx';

/** /usecases/:slug — one of the five use cases; any other slug is the not-found page. */
export function Component() {
  const { slug } = useParams();
  const useCase = findUseCase(slug);
  if (!useCase) return <NotFound />;
  return <UseCasePage key={useCase.slug} useCase={useCase} />;
}
