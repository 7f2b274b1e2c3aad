#pragma once

// A window sized for another screen (the default size, or a geometry saved on a bigger
// monitor) is brought within the available area of the screen it opens on, and its
// pages scroll rather than overflow, so that its edges, status bar and buttons stay
// reachable on a laptop's 1280x720.

class QWidget;

namespace vtw {

/// Shrinks `window` to its screen's available area where it is larger, then moves it
/// inside. A maximised or full-screen window is left to the window manager.
void fitWindowToScreen(QWidget* window);

/// `page` in a frameless scroll area that gives it the whole viewport, and scroll bars
/// only when the window is smaller than the page's minimum: a workspace on a small
/// screen scrolls instead of pushing the window past the screen's edges.
QWidget* scrollableWhenSmall(QWidget* page);

} // namespace vtw
