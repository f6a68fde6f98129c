import { PagePlaceholder } from "../../features/shell/components/page-placeholder";

export default function SettingsCalendarPage() {
  return <PagePlaceholder />;
}
