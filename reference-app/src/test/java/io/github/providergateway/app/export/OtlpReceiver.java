package io.github.providergateway.app.export;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP logs receiver on a free port, as a collector's {@code otlphttp} receiver: it decodes
 * each request with the official schema's classes ({@code opentelemetry-proto}) and keeps the
 * records and the headers. {@link #stall()} makes it hold requests until {@link #release()}.
 */
final class OtlpReceiver implements AutoCloseable {

  /** One record as received, with its resource's attributes. */
  record Received(Map<String, String> resource, LogRecord log) {
    String attribute(String key) {
      return OtlpReceiver.attributes(log.getAttributesList()).get(key);
    }
  }

  private final HttpServer server;
  private final List<Received> records = new ArrayList<>();
  private final List<String> authorizations = new ArrayList<>();
  private volatile CountDownLatch stalled = new CountDownLatch(0);

  OtlpReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/logs", this::receive);
    server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(2));
    server.start();
  }

  /** {@return the base URL, {@code http://127.0.0.1:PORT}} */
  URI base() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      stalled.await();
      InputStream body = exchange.getRequestBody();
      if ("gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
        body = new GZIPInputStream(body);
      }
      ExportLogsServiceRequest request = ExportLogsServiceRequest.parseFrom(body);
      synchronized (this) {
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        for (ResourceLogs resourceLogs : request.getResourceLogsList()) {
          Map<String, String> resource = attributes(resourceLogs.getResource().getAttributesList());
          for (ScopeLogs scope : resourceLogs.getScopeLogsList()) {
            for (LogRecord log : scope.getLogRecordsList()) {
              records.add(new Received(resource, log));
            }
          }
        }
      }
      byte[] response = ExportLogsServiceResponse.getDefaultInstance().toByteArray();
      exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
      exchange.sendResponseHeaders(200, response.length == 0 ? -1 : response.length);
      exchange.getResponseBody().write(response);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static Map<String, String> attributes(List<KeyValue> list) {
    Map<String, String> map = new TreeMap<>();
    for (KeyValue kv : list) {
      map.put(kv.getKey(), kv.getValue().getStringValue());
    }
    return map;
  }

  synchronized List<Received> records() {
    return List.copyOf(records);
  }

  synchronized List<String> authorizations() {
    return List.copyOf(authorizations);
  }

  /** Holds every request from now on until {@link #release()}: a receiver that is slow. */
  void stall() {
    stalled = new CountDownLatch(1);
  }

  void release() {
    stalled.countDown();
  }

  @Override
  public void close() {
    release();
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
