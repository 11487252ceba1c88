// Filled in by the demo-data work; kept so that the build has its entry point.
console.log('seed-demo: à venir');
