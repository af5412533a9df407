// The graph file builds StorageKit's DiskStore, whose initializer is internal to StorageKit.
