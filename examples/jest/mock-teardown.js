module.exports = async function stopCommerceMock() {
  await globalThis.commerceMock?.stop();
};
