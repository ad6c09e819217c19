package io.github.providergateway.protocol.host;

/** What the gateway writes to a host: a {@link HostReply} to a command, or a {@link HostEvent}. */
public sealed interface HostOutput permits HostReply, HostEvent {}
