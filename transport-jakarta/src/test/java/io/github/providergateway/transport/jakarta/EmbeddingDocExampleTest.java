package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.io.File;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container examples of docs/embedding.md ("Mounting the gateway in your own Jakarta WebSocket
 * container") run as written (issue 49: the Jetty one threw {@code NullPointerException: scheduler}
 * and lacked two imports, and its test only compiled it): each block is a whole file, compiled on
 * its own against this module and the two containers, then started on a free port, where a provider
 * at {@code /} serves a call from the host driving {@code gateway()}, and, on Jetty, from another
 * host on {@code /host} ({@code host.challenge}, which {@code GatewayClient} asks, needs the
 * address a container reports; Tyrus reports none).
 */
class EmbeddingDocExampleTest {

  private static final String SECTION = "## Mounting the gateway in your own Jakarta WebSocket";
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern CLASS = Pattern.compile("(?m)^final class (\\w+)");
  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final Duration WAIT = Duration.ofSeconds(10);

  private static final List<String> classNames = new ArrayList<>();
  private static ClassLoader loader;

  @TempDir Path home;

  @BeforeAll
  static void compileEachBlockOnItsOwn(@TempDir Path work) throws Exception {
    String page =
        Files.readString(Path.of("..").toAbsolutePath().normalize().resolve("docs/embedding.md"));
    int section = page.indexOf(SECTION);
    assertThat(section).as("the section").isNotNegative();
    Path classes = Files.createDirectories(work.resolve("classes"));
    Matcher block = JAVA_BLOCK.matcher(page.substring(section));
    while (block.find()) {
      Matcher name = CLASS.matcher(block.group(1));
      assertThat(name.find()).as("a whole file:%n%s", block.group(1)).isTrue();
      classNames.add(name.group(1));
      Path dir = Files.createDirectories(work.resolve(name.group(1)));
      compile(Files.writeString(dir.resolve(name.group(1) + ".java"), block.group(1)), classes);
    }
    loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, EmbeddingDocExampleTest.class.getClassLoader());
  }

  @Test
  void theSectionShowsJettyAndTyrus() {
    assertThat(classNames).containsExactly("JettyGateway", "TyrusGateway");
  }

  @Test
  void theJettyExampleServesProvidersAndHostsAsWritten() throws Exception {
    int port = FreePorts.pick();
    AutoCloseable jetty = (AutoCloseable) start("JettyGateway", port);
    try {
      assertThat(greetThroughGateway(jetty, port).outcome()).isEqualTo(hello("Ada"));
      assertThat(greetThroughHostEndpoint(port).outcome()).isEqualTo(hello("Grace"));
    } finally {
      jetty.close();
    }
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void theTyrusExampleServesProvidersAsWritten() throws Exception {
    int port = FreePorts.pick();
    Object tyrus = start("TyrusGateway", port);
    try {
      assertThat(greetThroughGateway(tyrus, port).outcome()).isEqualTo(hello("Ada"));
    } finally {
      Method stop = tyrus.getClass().getMethod("stop");
      stop.setAccessible(true); // public, of a class the page declares package-private
      invoke(stop, tyrus);
    }
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  /** A session of the example's own host ({@code gateway()}) calls a provider at {@code /}. */
  private CallResult greetThroughGateway(Object example, int port) throws Exception {
    Method gateway = example.getClass().getDeclaredMethod("gateway");
    gateway.setAccessible(true);
    HostApi api = (Gateway) invoke(gateway, example);
    String session =
        await(api.startSession(SessionSpec.of("own", "/code/own"), new RecordingSessionHost()))
            .id();
    try (ProviderSession provider = greeter(port, session)) {
      await(provider.bound());
      return await(api.callTool(session, "greet", CODEC.parseJson("{\"name\":\"Ada\"}"), WAIT));
    }
  }

  /** A host on {@code /host} (GatewayClient) calls a provider at {@code /}. */
  private CallResult greetThroughHostEndpoint(int port) throws Exception {
    try (GatewayClient client = GatewayClient.connect(url(port, "/host"), token())) {
      String session =
          await(
                  client.startSession(
                      SessionSpec.of("remote", "/code/remote"), new RecordingSessionHost()))
              .id();
      try (ProviderSession provider = greeter(port, session)) {
        await(provider.bound());
        return await(
            client.callTool(session, "greet", CODEC.parseJson("{\"name\":\"Grace\"}"), WAIT));
      }
    }
  }

  /** A greeter over WebSocket with the token the example published in its home. */
  private ProviderSession greeter(int port, String session) throws Exception {
    return WebSocketProviderClient.connect(
        url(port, "/"),
        token(),
        JavaProvider.builder("greeter")
            .session(session)
            .tool(
                ToolDefinition.of("greet", "Say hello", CODEC.parseJson("{\"type\":\"object\"}")),
                (args, call) ->
                    CompletableFuture.completedFuture(
                        TextNode.valueOf("Hello, " + args.path("name").asText() + "!")))
            .build());
  }

  private String token() throws Exception {
    return Files.readString(home.resolve(".provider-token"), StandardCharsets.UTF_8).strip();
  }

  private Object start(String className, int port) throws Exception {
    Constructor<?> constructor =
        loader.loadClass(className).getDeclaredConstructor(Path.class, int.class);
    constructor.setAccessible(true);
    try {
      return constructor.newInstance(home, port);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  private static Object invoke(Method method, Object target) throws Exception {
    try {
      return method.invoke(target);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  private static ToolOutcome hello(String name) {
    return ToolOutcome.success(TextNode.valueOf("Hello, " + name + "!"));
  }

  private static URI url(int port, String path) {
    return URI.create("ws://127.0.0.1:" + port + path);
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toSeconds(), TimeUnit.SECONDS);
  }

  private static void compile(Path file, Path classes) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(List.of(file));
      String classPath =
          Stream.of("jdk.module.path", "surefire.test.class.path", "java.class.path")
              .map(System::getProperty)
              .filter(value -> value != null && !value.isBlank())
              .flatMap(value -> Stream.of(value.split(File.pathSeparator)))
              .distinct()
              .collect(Collectors.joining(File.pathSeparator));
      List<String> options =
          List.of("-classpath", classPath, "-d", classes.toString(), "-proc:none");
      boolean compiled = javac.getTask(errors, files, null, options, null, units).call();
      assertThat(compiled).as("javac, on %s alone, says:%n%s", file.getFileName(), errors).isTrue();
    }
  }
}
