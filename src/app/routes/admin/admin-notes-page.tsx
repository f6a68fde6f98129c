import { PagePlaceholder } from "../../features/shell/components/page-placeholder";

export default function AdminNotesPage() {
  return <PagePlaceholder />;
}
