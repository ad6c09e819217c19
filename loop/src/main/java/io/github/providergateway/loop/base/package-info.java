/**
 * One primitive per concern, for every module of the gateway, its clients and its app: owner-only
 * files ({@link io.github.providergateway.loop.base.OwnerOnlyFiles}) and the checks that believe
 * them ({@link io.github.providergateway.loop.base.SafeFiles}, {@link
 * io.github.providergateway.loop.base.UnsafeFileException}), the checks of a builder's spans
 * ({@link io.github.providergateway.loop.base.Durations}) and named daemon threads ({@link
 * io.github.providergateway.loop.base.DaemonThreads}). The JDK only.
 *
 * <p>{@code ArchitectureTest} forbids the raw calls these wrap everywhere else ({@code setDaemon},
 * {@code PosixFilePermissions}, a hand-written positive-duration check): a fix to how the gateway
 * creates a secret file is made here, once.
 */
package io.github.providergateway.loop.base;
