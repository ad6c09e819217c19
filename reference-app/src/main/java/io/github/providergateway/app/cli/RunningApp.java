package io.github.providergateway.app.cli;

/**
 * The app as it runs here, for the commands that start it again ({@code gateway service install}, a
 * detached gateway): its class path (one jar, to copy) and the system it runs on ({@code os.name},
 * which picks the service manager). Tests give their own.
 *
 * @param classPath the class path the app runs from
 * @param osName the system's name, as {@code os.name} says it
 */
public record RunningApp(String classPath, String osName) {

  /**
   * The app's entry class, by name: what a {@code java -cp … } line runs. Named here, not read from
   * {@code Main.class}, because {@code Main} reads every command and a command that starts the app
   * must not read {@code Main} back.
   */
  public static final String MAIN_CLASS = "io.github.providergateway.app.Main";

  /** {@return this JVM: its class path and OS} */
  public static RunningApp thisJvm() {
    return new RunningApp(System.getProperty("java.class.path"), System.getProperty("os.name"));
  }
}
