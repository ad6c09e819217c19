package io.github.providergateway.app;

public final class Main {
  public static void main(String[] args) {}
}
