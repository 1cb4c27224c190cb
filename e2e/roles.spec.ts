import { AUTH_DIR } from "./support/env";
import { expect, gotoHydrated, openUserMenu, test } from "./support/fixtures";

test.describe("as a viewer", () => {
  test.use({ storageState: `${AUTH_DIR}/viewer.json` });

  test("the header shows the viewer's e-mail and role, and the list is readable", async ({ page }) => {
    await gotoHydrated(page, "/verifications");
    await expect(page.getByTestId("user-email")).toHaveText("viewer@lupa.local");
    await openUserMenu(page);
    await expect(page.getByTestId("user-role")).toHaveText("Leitor");
    await expect(page.getByTestId("verification-row").first()).toBeVisible();
  });
});
