package com.example.greeter;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;

/**
 * A provider with one tool, {@code greet}, whose answer says whether it runs on the class path or
 * the module path. It finds the gateway from the environment, serves until its standard input
 * closes, then says goodbye and exits.
 */
public final class GreeterProvider {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private GreeterProvider() {}

  public static void main(String[] args) throws IOException {
    String path = GreeterProvider.class.getModule().isNamed() ? "module path" : "class path";
    JavaProvider greeter =
        JavaProvider.builder("greeter")
            .tool(
                ToolDefinition.of(
                    "greet",
                    "Say hello to someone",
                    CODEC.parseJson(
                        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")),
                (arguments, call) ->
                    CompletableFuture.completedFuture(
                        TextNode.valueOf(
                            "Hello, " + arguments.path("name").asText() + ", from the " + path)))
            .build();
    ProviderSession session = WebSocketProviderClient.fromEnvironment(greeter);
    System.in.transferTo(OutputStream.nullOutputStream()); // until the test closes our input
    session.goodbye("input closed").toCompletableFuture().join();
  }
}
