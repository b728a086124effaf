import type { Locator, Page } from '@playwright/test';

/** The signed-in shell: header, main menu (sidebar, or drawer on a phone) and user menu. */
export class Shell {
  constructor(private readonly page: Page) {}

  header(): Locator {
    return this.page.getByRole('banner');
  }

  /** The main menu: the sidebar on a wide screen, the drawer's once opened on a phone. */
  menu(): Locator {
    return this.page.getByRole('navigation', { name: 'Hoofdmenu' });
  }

  burger(): Locator {
    return this.page.getByRole('button', { name: 'Menu openen' });
  }

  drawer(): Locator {
    return this.page.getByRole('dialog');
  }

  async signOut(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('logout-button').click();
  }
}
