import { expect, test } from "@playwright/test";
import { AUTH_DIR, type Role } from "./support/env";
import { signInThroughForm } from "./support/fixtures";

// Signs in once per role through the login form and keeps the session for the other tests.
for (const role of ["analyst", "viewer", "admin"] as const satisfies readonly Role[]) {
  test(`sign in as ${role}`, async ({ page }) => {
    await signInThroughForm(page, role);
    await expect(page.getByTestId("user-email")).toHaveText(`${role}@lupa.local`);
    await page.context().storageState({ path: `${AUTH_DIR}/${role}.json` });
  });
}
