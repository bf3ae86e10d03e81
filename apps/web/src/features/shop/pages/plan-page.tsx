import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function PlanPage() {
  return (
    <ComingSoon
      title="Plugin details"
      description="Prices, descriptions and purchase options for each plugin."
    />
  );
}
