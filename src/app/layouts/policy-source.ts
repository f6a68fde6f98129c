/** spec 7: the policy-link click's source is the page it was clicked on, snake_case (OnboardingDefault -> onboarding_default). */
export function policySourceFor(routeName: string): string {
  return routeName.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
}
