/**
 * The host protocol (spec/host-rpc.md) as Java types: the commands an agent host sends to the
 * gateway, the replies it gets, the events the gateway pushes to it, and {@link
 * io.github.providergateway.host.protocol.HostCodec}, which turns JSON text into those records and
 * back without ever throwing.
 *
 * <p>One protocol, two carriers: the reference app's {@code --rpc} mode carries it as lines on
 * stdin/stdout, and a running gateway's {@code /host} WebSocket endpoint carries it as one JSON
 * text message per command, reply or event. Over WebSocket the first command must be {@link
 * io.github.providergateway.host.protocol.HostAuth} ({@code host.auth}), which a host sends only
 * once the peer has answered its {@link io.github.providergateway.host.protocol.HostChallenge}
 * ({@code host.challenge}): proof that the peer holds the gateway token and accepted the connection
 * on the address and port the host dialled.
 */
package io.github.providergateway.host.protocol;
