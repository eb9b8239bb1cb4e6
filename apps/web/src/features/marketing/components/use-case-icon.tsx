import {
  BackpackIcon,
  CarIcon,
  HeartPulseIcon,
  LuggageIcon,
  SmartphoneIcon,
} from '../../../components/ui/icons.tsx';
import type { UseCaseSlug } from '../use-cases.ts';

const icons = {
  'medical-emergency': HeartPulseIcon,
  'child-safety': BackpackIcon,
  'lost-luggage': LuggageIcon,
  'vehicle-contact': CarIcon,
  lockscreen: SmartphoneIcon,
} satisfies Record<UseCaseSlug, unknown>;

export function UseCaseIcon({ slug, size = 24 }: { slug: UseCaseSlug; size?: number }) {
  const Icon = icons[slug];
  return <Icon size={size} />;
}
