// Prerendering of the public pages comes with the public-site work.
