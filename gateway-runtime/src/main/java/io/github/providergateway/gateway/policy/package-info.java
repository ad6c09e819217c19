/**
 * Policies the engine asks about every tool call before the providers' pre-tool rules ({@link
 * io.github.providergateway.gateway.policy.CallPolicy}, decision 77): the reference app's command
 * guard is one; an embedder registers its own on {@link
 * io.github.providergateway.gateway.Gateway.Builder#policy}.
 */
package io.github.providergateway.gateway.policy;
