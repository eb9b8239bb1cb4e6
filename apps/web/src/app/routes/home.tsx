import { HomePage } from '../../features/marketing/components/home-page.tsx';

export function Component() {
  return <HomePage />;
}
