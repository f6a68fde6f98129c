import { PagePlaceholder } from "../../features/shell/components/page-placeholder";

export default function HomePage() {
  return <PagePlaceholder />;
}
