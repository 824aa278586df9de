/**
 * Mantine's base stylesheets and the CSS of the components every page can show: the shell (with its
 * notifications), the sign-in page and form, the re-auth dialog, and the error and not-found pages.
 * Each area imports the CSS of what it renders (its `mantine-styles.ts`), so a page's first load carries
 * its own components' CSS instead of all of `@mantine/core/styles.css`.
 *
 * In the order of `@mantine/core/styles.css`: a component's dependencies come first, and must load no later
 * than it does, since both style the same element (Button on UnstyledButton, a Combobox dropdown on a
 * Popover dropdown). Hence Popover here: NativeSelect's chevron needs Combobox.css, and a Popover.css
 * loaded after it by a page would override the Combobox dropdown's padding.
 */
import '@mantine/core/styles/baseline.css'
// No default-css-variables.css (4 KiB gzip on every page): MantineProvider writes all of the theme's
// variables itself (deduplicateCssVariables={false} in app.tsx), from code every page loads anyway.
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Notification.css'
import '@mantine/core/styles/PasswordInput.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Title.css'
// 281 bytes: the screen-reader text of the notification centre, and the focus target every modal and
// drawer draws (FocusTrap.InitialFocus), wherever they are opened.
import '@mantine/core/styles/VisuallyHidden.css'
