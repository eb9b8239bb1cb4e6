import { useParams } from 'react-router';
import { DemoPage } from '../../features/marketing/components/demo-page.tsx';

/** /demo/:id — the child-safety demo with sample data. */
export function Component() {
  const { id = '' } = useParams();
  return <DemoPage id={id} />;
}
