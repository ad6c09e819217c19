package io.github.providergateway.host.protocol;

/** What the gateway writes to a host: a {@link HostReply} to a command, or a {@link HostEvent}. */
public sealed interface HostOutput permits HostReply, HostEvent {}
