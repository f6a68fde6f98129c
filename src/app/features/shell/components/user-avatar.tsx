import { initialsOf } from "../account-store";

const sizes = { sm: "h-8 w-8 text-xs", lg: "h-20 w-20 text-2xl" } as const;

/** The user's photo, or their initials on a coloured disc when there is none. */
export function UserAvatar({
  name,
  email,
  photoURL,
  size = "sm",
}: {
  name: string;
  email: string;
  photoURL: string | null;
  size?: keyof typeof sizes;
}) {
  if (photoURL) {
    return <img src={photoURL} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white`}
    >
      {initialsOf(name, email)}
    </span>
  );
}
