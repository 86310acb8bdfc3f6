package jml;

/** A bank account whose balance never goes below zero. */
public class Account {
    private int balance;
    //@ public invariant balance >= 0;

    /*@ requires 0 < amount && amount <= 1000000 && balance <= 1000000000;
      @ ensures balance == \old(balance) + amount;
      @ assignable balance;
      @*/
    public void deposit(int amount) {
        balance += amount;
    }

    /*@ normal_behavior
      @   requires 0 < amount && amount <= balance;
      @   ensures balance == \old(balance) - amount && \result == balance;
      @   assignable balance;
      @ also exceptional_behavior
      @   requires amount > balance;
      @   assignable \nothing;
      @   signals_only IllegalArgumentException;
      @*/
    public int withdraw(int amount) {
        if (amount > balance) {
            throw new IllegalArgumentException("insufficient funds");
        }
        balance -= amount;
        return balance;
    }

    /*@ normal_behavior
      @   requires 0 < amount;
      @   ensures balance == \old(balance) - amount;
      @*/
    public void charge(int amount) {
        // the deliberate bug: a charge may overdraw, breaking the invariant
        balance -= amount;
    }

    //@ ensures \result == balance;
    public /*@ pure @*/ int balance() {
        return balance;
    }
}
