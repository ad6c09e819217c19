package io.github.providergateway.provider.spi;

/**
 * What the end of one connection leaves the provider side with: the runtime's public {@code
 * AfterClose}, said here so that this package does not read the runtime that reads it.
 *
 * @param reconnect whether to open another connection; false once the runtime has ended
 * @param wasBound whether the ended connection had been bound to a session
 */
record ConnectionEnd(boolean reconnect, boolean wasBound) {}
