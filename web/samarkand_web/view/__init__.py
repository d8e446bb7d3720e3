"""The page as markup drawn from data: screens, panels, dialogs, the frame."""
