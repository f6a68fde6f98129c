import { PagePlaceholder } from "~/app/features/shell/components/page-placeholder";

export default function AdminNotePage() {
  return <PagePlaceholder />;
}
