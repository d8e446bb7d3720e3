"""Every word of the page in English, German, French and Italian."""
