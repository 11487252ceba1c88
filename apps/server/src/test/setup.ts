// Server tests run with the test configuration; nothing global to prepare yet.
process.env.TZ = 'Europe/Paris';
